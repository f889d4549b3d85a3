import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { storeImageDecider, type StoreImageCommand } from './storeImage.ts';

const webp = { width: 400, height: 400, data: Buffer.from('RIFF....WEBP') };
const record: StoreImageCommand = { type: 'RecordStoreImage', imageId: 'img-1', sellerId: 'u1', kind: 'logo', webp };
const uploaded: DomainEvent = {
  type: 'StoreImageUploaded',
  data: { imageId: 'img-1', sellerId: 'u1', kind: 'logo', contentType: 'image/webp', width: 400, height: 400, data: webp.data.toString('base64') },
};

describe('store image (given/when/then)', () => {
  const given = DeciderSpecification.for(storeImageDecider);
  it('given nothing, when a re-encoded picture is recorded, then StoreImageUploaded with its WebP (base64) and who uploaded it for what', () => {
    given([]).when(record).then([uploaded]);
  });
  it('given the picture, when recorded again (a retried upload), then nothing', () => {
    given([uploaded]).when(record).thenNothing();
  });
  it('given the picture, then the state names its seller and kind, not its bytes', () => {
    given([]).when(record).thenState((s) => expect(s).toEqual({ status: 'uploaded', imageId: 'img-1', sellerId: 'u1', kind: 'logo' }));
  });
});
