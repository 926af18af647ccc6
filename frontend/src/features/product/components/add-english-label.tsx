import { Box, Button, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@labelwise/domain/contracts';
import { useAuth } from '../../../shared/auth/auth-context';
import { useOffConsent } from '../../../shared/lib/off-consent';
import { OffConsentCheckbox } from '../../../shared/ui/off-consent-checkbox';
import { useContributeLabel } from '../api/contribute-label';

export const LABEL_SAVE_FAILED = 'The label could not be saved. Check your connection and try again.';

/**
 * A product without English ingredients (unrated, or rated from Open Food Facts' analysis of a
 * list in another language) asks for its English label: the ingredient list as printed, which
 * the server rates for everyone.
 */
export function AddEnglishLabel({ productId }: { productId: number }) {
  const { user, setSignInDialogOpen } = useAuth();
  const [ingredients, setIngredients] = useState('');
  const [offConsent, setOffConsent] = useOffConsent();
  const contribute = useContributeLabel(productId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return setSignInDialogOpen(true);
    if (!ingredients.trim()) return;
    contribute.mutate({ ingredients: ingredients.trim(), offConsent });
  };

  return (
    <Box
      as="section"
      aria-labelledby="add-label-heading"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="xl"
      padding={{ base: '4', md: '6' }}
    >
      <form aria-label="Add the English label" noValidate onSubmit={onSubmit}>
        <Stack gap="3">
          <Heading as="h2" size="lg" id="add-label-heading">
            Add the English label
          </Heading>
          <Text color="fg.muted">
            Type or paste the ingredient list from the pack, in English: we rate it for everyone.
          </Text>
          <Field.Root required disabled={contribute.isPending}>
            <Field.Label>
              Ingredients in English
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={ingredients}
              maxLength={TEXT_LIMITS.ingredients}
              rows={4}
              autoresize
              placeholder="e.g. Sugar, palm oil, hazelnuts (13%), skimmed milk powder"
              onChange={(event) => setIngredients(event.target.value)}
            />
          </Field.Root>
          <OffConsentCheckbox checked={offConsent} disabled={contribute.isPending} onChange={setOffConsent} />
          {contribute.isError && (
            <Text role="alert" color="fg.error">
              {LABEL_SAVE_FAILED}
            </Text>
          )}
          <Box>
            <Button
              type="submit"
              colorPalette="green"
              loading={contribute.isPending}
              disabled={Boolean(user) && !ingredients.trim()}
            >
              {user ? 'Save the label' : 'Sign in to add the label'}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
