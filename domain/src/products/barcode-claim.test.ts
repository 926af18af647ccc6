import { describe, it } from 'vitest';
import type { BarcodeEvent } from '../events/catalogue';
import { deciderSpec } from '../testing/decider-spec';
import { barcodeClaimDecider } from './barcode-claim';

const spec = deciderSpec(barcodeClaimDecider);
const claimedBy = (productId: number): BarcodeEvent => ({
  type: 'BarcodeClaimed',
  data: { barcode: '5000000000001', productId },
});
const claim = (candidateId: number, removedHolder: number | null = null) => ({
  type: 'ClaimBarcode' as const,
  barcode: '5000000000001',
  candidateId,
  removedHolder,
});

describe('barcode claims', () => {
  it('claims a free barcode for the candidate', () => {
    spec
      .given()
      .when(claim(7))
      .then([claimedBy(7)]);
  });

  it('leaves a listed holder alone, and moves the claim off a removed one', () => {
    spec
      .given([claimedBy(7)])
      .when(claim(8))
      .then([]);
    spec
      .given([claimedBy(7)])
      .when(claim(8, 7))
      .then([claimedBy(8)]);
    spec
      .given([claimedBy(7)])
      .when(claim(8, 6))
      .then([]);
  });
});
