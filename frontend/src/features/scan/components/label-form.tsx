import { Button, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { LuSparkles } from 'react-icons/lu';
import { CameraNoticeArea } from './camera-notice';
import { ExampleButtons } from './example-buttons';
import { InlineAlerts } from './inline-alerts';
import { LabelFields } from './label-fields';
import { NewBarcodeLabel } from './new-barcode-label';
import { PhotoUploadButton } from './photo-upload-button';
import type { LabelAnalysis } from './use-label-analysis';
import type { LabelDraft } from './use-label-draft';
import type { CameraNotice } from './use-photo-extraction';

/**
 * The 'Analyse ingredients' form: the label (typed, pasted, from a photo or an example), the new
 * barcode it is for, and its two ways in, a label photo (chosen or dropped) and the analysis.
 */
export function LabelForm({
  label,
  analysis,
  photo,
  analysing,
  authLoading,
  signedOut,
  onSubmit,
  mayChoosePhoto,
  onPhoto,
}: {
  label: LabelDraft;
  analysis: LabelAnalysis;
  photo: { notice: CameraNotice | null; processing: boolean };
  analysing: boolean;
  authLoading: boolean;
  signedOut: boolean;
  onSubmit(event: FormEvent): void;
  mayChoosePhoto(): boolean;
  onPhoto(file: File): void;
}) {
  const { state, newBarcode } = label;
  return (
    <Stack asChild gap="4" bg="bg.panel" borderWidth="1px" borderRadius="xl" padding={{ base: '4', md: '6' }}>
      <form
        aria-label="Analyse ingredients"
        noValidate
        onSubmit={onSubmit}
        // A label photo dropped on the form is read as if uploaded.
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          const file = event.dataTransfer.files[0];
          if (!file?.type.startsWith('image/')) return;
          event.preventDefault();
          onPhoto(file);
        }}
      >
        {newBarcode && (
          <NewBarcodeLabel
            barcode={newBarcode}
            offConsent={label.offConsent}
            disabled={analysing}
            onOffConsent={label.setOffConsent}
            onClear={() => {
              label.setNewBarcode(null);
              label.setNameMissing(false);
            }}
          />
        )}
        <LabelFields
          label={label}
          disabled={analysing}
          readFromPhoto={analysis.readFromPhoto}
          ingredientsRef={analysis.ingredientsRef}
        />
        <CameraNoticeArea notice={photo.notice} />
        <InlineAlerts ingredients={state.ingredients} />
        <ExampleButtons
          selected={state.example}
          disabled={analysing}
          onPick={(key) => void analysis.pickExample(key)}
        />
        <LabelFormActions
          photoProcessing={photo.processing}
          analysing={analysing}
          authLoading={authLoading}
          signedOut={signedOut}
          empty={!state.ingredients.trim()}
          mayChoosePhoto={mayChoosePhoto}
          onPhoto={onPhoto}
        />
      </form>
    </Stack>
  );
}

/** 'Upload a photo' beside the submit button, which asks a signed-out user to sign in instead. */
function LabelFormActions({
  photoProcessing,
  analysing,
  authLoading,
  signedOut,
  empty,
  mayChoosePhoto,
  onPhoto,
}: {
  photoProcessing: boolean;
  analysing: boolean;
  authLoading: boolean;
  signedOut: boolean;
  /** No ingredients to analyse yet. */
  empty: boolean;
  mayChoosePhoto(): boolean;
  onPhoto(file: File): void;
}) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
      <PhotoUploadButton
        processing={photoProcessing}
        disabled={analysing || authLoading}
        mayOpen={mayChoosePhoto}
        onChoose={onPhoto}
      />
      <Button
        type="submit"
        colorPalette="green"
        size="lg"
        flex={{ sm: '1' }}
        loading={analysing}
        loadingText="Analysing..."
        disabled={authLoading || (!signedOut && empty)}
      >
        <LuSparkles aria-hidden /> {signedOut ? 'Sign in to Analyse' : 'Analyse Ingredients'}
      </Button>
    </Stack>
  );
}
