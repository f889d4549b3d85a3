import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX_ADD_ONS } from '@phonemarket/contracts';
import { renderWithProviders } from '../test/render';
import { AddOnRows, type AddOnDraft } from './AddOnRows';

/** The rows as a form keeps them, shown back as JSON so a test reads what the form would send. */
function Harness({ newRow }: { newRow: AddOnDraft }) {
  const [rows, setRows] = useState<AddOnDraft[]>([]);
  return (
    <>
      <AddOnRows value={rows} onChange={setRows} newRow={newRow} addTestId="add" rowTestId="row" />
      <output data-testid="rows">{JSON.stringify(rows)}</output>
    </>
  );
}
const rows = () => JSON.parse(screen.getByTestId('rows').textContent ?? '[]') as AddOnDraft[];

describe('AddOnRows (부가서비스 rows, shared by the seller\'s conditions and the calculator)', () => {
  it('adds a row as the caller fills it, edits each field of that row only, and deletes the one asked', () => {
    renderWithProviders(<Harness newRow={{ name: '', monthlyFee: '', months: '3' }} />);
    fireEvent.click(screen.getByTestId('add'));
    fireEvent.click(screen.getByTestId('add'));
    expect(rows()).toEqual([{ name: '', monthlyFee: '', months: '3' }, { name: '', monthlyFee: '', months: '3' }]);
    fireEvent.change(screen.getByLabelText('부가서비스 2 이름'), { target: { value: '부가 A' } });
    fireEvent.change(screen.getByLabelText('부가서비스 2 월 요금'), { target: { value: '9900' } });
    fireEvent.change(screen.getByLabelText('부가서비스 2 유지 개월'), { target: { value: '6' } });
    expect(rows()[1]).toEqual({ name: '부가 A', monthlyFee: '9900', months: '6' });
    expect(rows()[0]).toEqual({ name: '', monthlyFee: '', months: '3' });
    fireEvent.click(screen.getByRole('button', { name: '부가서비스 1 삭제' }));
    expect(rows()).toEqual([{ name: '부가 A', monthlyFee: '9900', months: '6' }]);
    expect(screen.getAllByTestId('row')).toHaveLength(1);
  });

  it(`stops at ${MAX_ADD_ONS} rows`, () => {
    renderWithProviders(<Harness newRow={{ name: '', monthlyFee: '', months: '' }} />);
    for (let i = 0; i < MAX_ADD_ONS; i++) fireEvent.click(screen.getByTestId('add'));
    expect(rows()).toHaveLength(MAX_ADD_ONS);
    expect((screen.getByTestId('add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('add'));
    expect(rows()).toHaveLength(MAX_ADD_ONS);
  });
});
