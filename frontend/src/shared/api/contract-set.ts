// Every response contract the app parses with, in one chunk that zod goes with (see contracts.ts).
export * from '@labelwise/domain/contracts/account';
export * from '@labelwise/domain/contracts/account-deletion';
export * from '@labelwise/domain/contracts/articles';
export * from '@labelwise/domain/contracts/preferences';
export * from '@labelwise/domain/contracts/products';
export * from '@labelwise/domain/contracts/reviews';
export * from '@labelwise/domain/contracts/subscription';
export * from '@labelwise/domain/contracts/system';
