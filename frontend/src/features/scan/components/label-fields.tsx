import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { TEXT_LIMITS } from '@labelwise/domain/contracts';
import type { RefObject } from 'react';
import type { LabelDraft } from './use-label-draft';

export const NAME_NEEDED_FOR_BARCODE = 'Give the product’s name: the next shopper who scans it will see it.';
/** A scan with a real name is published in the community's lists; one without stays the user's own. */
export const NAMED_SCANS_ARE_PUBLIC =
  'A named product is shared with everyone on Labelwise. Leave the name empty to keep this scan private.';
export const BARCODE_PRODUCTS_ARE_PUBLIC = 'Saved under this barcode, for everyone who scans it.';

/** The label's product name, brand and ingredients; a new barcode's label needs its name. */
export function LabelFields({
  label: { state, dispatch, newBarcode, nameMissing, setNameMissing },
  disabled,
  readFromPhoto,
  ingredientsRef,
}: {
  label: LabelDraft;
  disabled: boolean;
  readFromPhoto: boolean;
  ingredientsRef: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root
          disabled={disabled}
          required={newBarcode !== null}
          invalid={nameMissing && newBarcode !== null}
        >
          <Field.Label>
            Product name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={state.productName}
            maxLength={TEXT_LIMITS.productName}
            autoComplete="off"
            placeholder="e.g. Strawberry Yogurt"
            onChange={(event) => {
              setNameMissing(false);
              dispatch({ type: 'productName', value: event.target.value });
            }}
          />
          <Field.HelperText>
            {newBarcode === null ? NAMED_SCANS_ARE_PUBLIC : BARCODE_PRODUCTS_ARE_PUBLIC}
          </Field.HelperText>
          <Field.ErrorText>{NAME_NEEDED_FOR_BARCODE}</Field.ErrorText>
        </Field.Root>
        <Field.Root disabled={disabled}>
          <Field.Label>Brand name</Field.Label>
          <Input
            value={state.brandName}
            maxLength={TEXT_LIMITS.brand}
            autoComplete="off"
            placeholder="e.g. Green Valley"
            onChange={(event) => dispatch({ type: 'brandName', value: event.target.value })}
          />
        </Field.Root>
      </SimpleGrid>
      <Field.Root required disabled={disabled}>
        <Field.Label>
          Ingredients
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          ref={ingredientsRef}
          value={state.ingredients}
          maxLength={TEXT_LIMITS.ingredients}
          rows={6}
          autoresize
          placeholder="Paste or type the ingredient list, e.g. Oats, sugar, salt, emulsifier (E471)"
          onChange={(event) => dispatch({ type: 'ingredients', value: event.target.value })}
        />
        <Field.HelperText>
          {readFromPhoto
            ? 'Read from your photo: check the name, brand and ingredients, correct anything misread, then analyse.'
            : 'Separate ingredients with commas, as on the pack.'}
        </Field.HelperText>
      </Field.Root>
    </>
  );
}
