import type { DomainEvent } from '../events/catalogue';

/** The product a `barcode-{code}` stream points at (the latest claim wins). */
export interface BarcodeClaim {
  productId: number | null;
}

export const unclaimedBarcode: BarcodeClaim = { productId: null };

/** Manual analyses carry `MANUAL_{timestamp}` barcodes: they identify nothing and are never claimed. */
export function isClaimableBarcode(barcode: string): boolean {
  return barcode.trim() !== '' && !barcode.startsWith('MANUAL_');
}

export function evolveBarcodeClaim(state: BarcodeClaim, event: DomainEvent): BarcodeClaim {
  return event.type === 'BarcodeClaimed' ? { productId: event.data.productId } : state;
}

/**
 * Claims the barcode for `candidateId` when nobody holds it, or when its holder was removed.
 * Appended with the revision that was read, so concurrent claimants get one winner.
 */
export function decideClaimBarcode(
  state: BarcodeClaim,
  command: { barcode: string; candidateId: number; holderRemoved: boolean },
): DomainEvent[] {
  if (state.productId !== null && !command.holderRemoved) return [];
  return [{ type: 'BarcodeClaimed', data: { barcode: command.barcode, productId: command.candidateId } }];
}
