import { describe, expect, it } from 'vitest';
import { baseModelName, isSameLine } from './same-line';

describe('same model line', () => {
  it('strips storage and condition from a name', () => {
    expect(baseModelName('갤럭시 S26 울트라 256GB (중고)')).toBe('갤럭시 S26 울트라');
    expect(baseModelName('아이폰 17 프로 맥스 1TB')).toBe('아이폰 17 프로 맥스');
    expect(baseModelName('갤럭시 S26+ 256GB')).toBe('갤럭시 S26+');
  });

  it('keeps listings of the same line and drops look-alikes and the product itself', () => {
    const current = { id: 'galaxy-s26-256-skt-new', name: '갤럭시 S26 256GB', model: 'galaxy-s26' };
    expect(isSameLine(current, { id: 'galaxy-s26-512-lgu-new', name: '갤럭시 S26 512GB' })).toBe(true);
    expect(isSameLine(current, { id: 'galaxy-s26-1tb-kt-used', name: '갤럭시 S26 1TB (중고)' })).toBe(true);
    expect(isSameLine(current, { id: 'galaxy-s26-ultra-256-skt-new', name: '갤럭시 S26 울트라 256GB' })).toBe(false);
    expect(isSameLine(current, { id: 'galaxy-s26-plus-256-kt-new', name: '갤럭시 S26+ 256GB' })).toBe(false);
    expect(isSameLine(current, { id: current.id, name: current.name })).toBe(false);
  });

  it('matches a listing with another id scheme by its name', () => {
    const current = { id: 'iphone-17-256-kt-new', name: '아이폰 17 256GB', model: 'iphone-17' };
    expect(isSameLine(current, { id: 'seller-abc123', name: '아이폰 17 512GB (리퍼)' })).toBe(true);
    expect(isSameLine(current, { id: 'seller-xyz', name: '아이폰 17 프로 256GB' })).toBe(false);
  });
});
