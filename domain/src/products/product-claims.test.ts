import { describe, it } from 'vitest';
import { deciderSpec } from '../../testing/decider-spec';
import { barcodeClaimDecider, labelClaimDecider, type ClaimEvent } from './product-claims';

describe.each([
  {
    kind: 'barcode',
    decider: barcodeClaimDecider,
    key: '5000000000001',
    claimedBy: (productId: number): ClaimEvent => ({
      type: 'BarcodeClaimed',
      data: { barcode: '5000000000001', productId },
    }),
  },
  {
    kind: 'label',
    decider: labelClaimDecider,
    key: 'f00d',
    claimedBy: (productId: number): ClaimEvent => ({
      type: 'ProductLabelClaimed',
      data: { labelKey: 'f00d', productId },
    }),
  },
])('$kind claims', ({ decider, key, claimedBy }) => {
  const spec = deciderSpec(decider);
  const claim = (candidateId: number, releasedHolder: number | null = null) => ({
    type: 'ClaimForProduct' as const,
    key,
    candidateId,
    releasedHolder,
  });

  it('claims a free key for the candidate', () => {
    spec
      .given()
      .when(claim(7))
      .then([claimedBy(7)]);
  });

  it('leaves a listed holder alone, and moves the claim off one that released it', () => {
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
