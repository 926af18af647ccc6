import { describe, it } from 'vitest';
import type { BarcodeEvent, LabelEvent } from '../events/catalogue';
import { deciderSpec } from '../testing/decider-spec';
import { barcodeClaimDecider, labelClaimDecider } from './product-claims';

const spec = deciderSpec(barcodeClaimDecider);
const claimedBy = (productId: number): BarcodeEvent => ({
  type: 'BarcodeClaimed',
  data: { barcode: '5000000000001', productId },
});
const claim = (candidateId: number, releasedHolder: number | null = null) => ({
  type: 'ClaimForProduct' as const,
  key: '5000000000001',
  candidateId,
  releasedHolder,
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

describe('label claims', () => {
  it("claim a named product's label key as a barcode is claimed", () => {
    const claimedFor = (productId: number): LabelEvent => ({
      type: 'ProductLabelClaimed',
      data: { labelKey: 'f00d', productId },
    });
    const labelSpec = deciderSpec(labelClaimDecider);
    const claimLabel = (candidateId: number, releasedHolder: number | null = null) => ({
      type: 'ClaimForProduct' as const,
      key: 'f00d',
      candidateId,
      releasedHolder,
    });
    labelSpec
      .given()
      .when(claimLabel(7))
      .then([claimedFor(7)]);
    labelSpec
      .given([claimedFor(7)])
      .when(claimLabel(8))
      .then([]);
    labelSpec
      .given([claimedFor(7)])
      .when(claimLabel(8, 7))
      .then([claimedFor(8)]);
  });
});
