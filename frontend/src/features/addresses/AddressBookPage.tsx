import { useState } from 'react';
import { Badge, Box, Button, Checkbox, Flex, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { savedAddressInputSchema, type SavedAddress, type SavedAddressInput, type SavedAddressValues } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { AddressFields } from '../../shared/addresses/AddressFields';
import { useAddressBook, useChooseDefaultAddress, useRemoveAddress, useSaveAddress, useUpdateAddress } from '../../shared/addresses/api';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';

const EMPTY: SavedAddressInput = { label: '', recipient: '', phone: '', postcode: '', address: '', addressDetail: '', makeDefault: false };
const FIELDS = ['label', 'recipient', 'phone', 'postcode', 'address', 'addressDetail'] as const;

/** Adding or changing one saved address: the contracts' schema, the shared address fields. */
function AddressDialog({ editing, onClose }: { editing: SavedAddress | 'new' | null; onClose: () => void }) {
  const save = useSaveAddress();
  const update = useUpdateAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SavedAddressInput, unknown, SavedAddressValues>({ resolver: zodResolver(savedAddressInputSchema), defaultValues: EMPTY });
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const key = editing === null ? null : editing === 'new' ? 'new' : editing.addressId;
  if (key !== loadedFor) {
    setLoadedFor(key);
    form.reset(editing && editing !== 'new' ? { ...editing, makeDefault: editing.isDefault } : EMPTY);
    setFormError(null);
  }
  const onSubmit = form.handleSubmit((body) => {
    const done = () => { toaster.success({ title: '배송지를 저장했습니다' }); onClose(); };
    const failed = (error: unknown) => { applyServerErrors(error, form.setError, [...FIELDS]); setFormError(describeError(error)); };
    if (editing && editing !== 'new') update.mutate({ addressId: editing.addressId, body }, { onSuccess: done, onError: failed });
    else save.mutate(body, { onSuccess: done, onError: failed });
  });
  const errors = form.formState.errors;
  return (
    <FormDialog open={editing !== null} onClose={onClose} title={editing === 'new' ? '배송지 추가' : '배송지 수정'} label="배송지" onSubmit={onSubmit}
      submitting={save.isPending || update.isPending} testId="address-dialog">
      <Stack gap="4">
        <FormField label="배송지 이름" error={errors.label} helper="예: 집, 회사 (비워 두면 받는 분 이름으로 보입니다)">
          <Input data-testid="address-label" {...form.register('label')} />
        </FormField>
        <AddressFields register={form.register} errors={errors} setValue={form.setValue} setFocus={form.setFocus} />
        <Controller control={form.control} name="makeDefault" render={({ field }) => (
          <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)} data-testid="address-make-default">
            <Checkbox.HiddenInput onBlur={field.onBlur} name={field.name} />
            <Checkbox.Control />
            <Checkbox.Label>기본 배송지로 설정</Checkbox.Label>
          </Checkbox.Root>
        )} />
        {formError ? <Text role="alert" color="fg.error" fontSize="sm">{formError}</Text> : null}
      </Stack>
    </FormDialog>
  );
}

/** /my-shopping/addresses — 배송지 관리 (issue 39): the account's saved addresses and its 기본 배송지. */
export default function AddressBookPage() {
  useDocumentTitle('배송지 관리');
  const book = useAddressBook();
  const choose = useChooseDefaultAddress();
  const remove = useRemoveAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);

  if (book.isError && isApiError(book.error, 401)) {
    return (
      <Stack p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">배송지 관리</Heading>
        <Text color="fg.muted">로그인하면 배송지를 저장하고 주문할 때 골라 쓸 수 있어요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent('/my-shopping/addresses')}`}>로그인</RouterLink></Button>
      </Stack>
    );
  }
  const addresses = book.data?.addresses ?? [];
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">배송지 관리</Heading>
        <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="address-add">배송지 추가</Button>
      </Flex>
      {book.isPending ? <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack> : null}
      {book.isError && !isApiError(book.error, 401) ? <Text role="alert">{describeError(book.error)}</Text> : null}
      {book.data && addresses.length === 0 ? (
        <Text color="fg.muted" data-testid="address-empty">저장된 배송지가 없습니다. 배송지를 추가하면 주문할 때 바로 골라 쓸 수 있어요.</Text>
      ) : null}
      <Stack gap="3">
        {addresses.map((a) => (
          <Stack key={a.addressId} data-testid="saved-address-card" p="4" borderWidth="1px" rounded="lg" gap="1" bg="bg.panel">
            <HStack gap="2">
              <Text fontWeight="semibold">{a.label || a.recipient}</Text>
              {a.isDefault ? <Badge colorPalette="brand" data-testid="address-default-badge">기본 배송지</Badge> : null}
            </HStack>
            <Text fontSize="sm">{`${a.recipient} · ${a.phone}`}</Text>
            <Text fontSize="sm" color="fg.muted">{`(${a.postcode}) ${a.address} ${a.addressDetail}`}</Text>
            <HStack gap="2" mt="2" wrap="wrap">
              {a.isDefault ? null : (
                <Button size="sm" variant="outline" loading={choose.isPending && choose.variables === a.addressId}
                  onClick={() => choose.mutate(a.addressId, { onError: (e) => toaster.error({ title: '기본 배송지를 바꾸지 못했습니다', description: describeError(e) }) })}>
                  기본 배송지로 설정
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setEditing(a)}>수정</Button>
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setRemoving(a)}>삭제</Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
      <AddressDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog open={removing !== null} onClose={() => setRemoving(null)} title="배송지 삭제" confirmLabel="삭제" confirming={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.addressId, {
          onSuccess: () => { setRemoving(null); toaster.success({ title: '배송지를 삭제했습니다' }); },
          onError: (e) => toaster.error({ title: '배송지를 삭제하지 못했습니다', description: describeError(e) }),
        })}>
        <Text>{removing ? `'${removing.label || removing.recipient}' 배송지를 삭제합니다.${removing.isDefault ? ' 기본 배송지는 가장 최근에 저장한 다른 배송지로 바뀝니다.' : ''}` : ''}</Text>
      </ConfirmDialog>
    </Box>
  );
}
