import { Box, Button, Field, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { TEXT_LIMITS, analyseIngredients, loadLabelLanguage } from '@labelwise/domain/contracts';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { LuCamera, LuSparkles } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useUserPreferences } from '../../shared/api/user-preferences';
import { userStatsQuery, useUserStats } from '../../shared/api/user-stats';
import { useAuth } from '../../shared/auth/auth-context';
import { showToast } from '../../shared/toast/toaster';
import { PageContainer } from '../../shared/ui/page-container';
import { ScanUsageBanner } from '../../shared/ui/scan-usage-banner';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { fetchProductByBarcode, recordLookup } from './api/product-by-barcode';
import { refreshScanCaches, useSaveScan, type SavedScan } from './api/save-scan';
import { BarcodeEntry } from './components/barcode-entry';
import { PhotoUploadButton } from './components/photo-upload-button';
import { usePhotoExtraction, type ExtractedLabel } from './components/use-photo-extraction';
import { CameraNoticeArea } from './components/camera-notice';
import { ExampleButtons } from './components/example-buttons';
import { ANALYSE_DELAY_MS, EXAMPLE_DELAY_MS, exampleByKey, type ExampleKey } from './components/examples';
import { InlineAlerts } from './components/inline-alerts';
import { NewBarcodeLabel } from './components/new-barcode-label';
import { useOffConsent } from '../../shared/lib/off-consent';
import { scanGate, SCAN_LIMIT_REACHED, VERIFY_EMAIL_REQUIRED, type ScanGate } from './components/scan-gate';
import { ScanGateNotice } from './components/scan-gate-notice';
import { ScanResults } from './components/scan-results';
import { clearScanDraft, keepScanDraft, readScanDraft } from './components/scan-draft';
import { initialScanState, scanReducer } from './components/scan-state';

// The camera (and its barcode readers) load only when someone opens it.
const CameraOverlay = lazy(async () => ({
  default: (await import('./components/camera-overlay')).CameraOverlay,
}));

export const NAME_NEEDED_FOR_BARCODE = 'Give the product’s name: the next shopper who scans it will see it.';
export const BARCODE_ADDED_MEANWHILE = 'Someone added this barcode a moment ago: here is their product.';
/** A scan with a real name is published in the community's lists; one without stays the user's own. */
export const NAMED_SCANS_ARE_PUBLIC =
  'A named product is shared with everyone on Labelwise. Leave the name empty to keep this scan private.';
export const BARCODE_PRODUCTS_ARE_PUBLIC = 'Saved under this barcode, for everyone who scans it.';

/** setTimeout as a promise, cancelled (never resolving) once the page unmounts. */
function useDelays() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          resolve();
        }, ms);
        timers.current.add(timer);
      }),
    [],
  );
}

/** /scan: 'Analyse Ingredients'. */
export function ScanPage() {
  const { status, user, setSignInDialogOpen } = useAuth();
  const uid = user?.uid ?? null;
  const stats = useUserStats(uid);
  const preferences = useUserPreferences(uid);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const delay = useDelays();
  const saveScan = useSaveScan();
  const [draft] = useState(readScanDraft);
  const [state, dispatch] = useReducer(scanReducer, initialScanState, (initial) => ({
    ...initial,
    ...draft,
  }));
  const [cameraOpen, setCameraOpen] = useState(false);
  const [savedProductId, setSavedProductId] = useState<number | null>(null);
  /** The form holds text read from a photo, not yet checked by the user. */
  const [readFromPhoto, setReadFromPhoto] = useState(false);
  /** A barcode nobody has added yet, which the label the user gives is saved under. */
  const [newBarcode, setNewBarcode] = useState<string | null>(draft.newBarcode ?? null);
  const [nameMissing, setNameMissing] = useState(false);
  const [offConsent, setOffConsent] = useOffConsent();
  const ingredientsRef = useRef<HTMLTextAreaElement>(null);
  const { productName, brandName, ingredients, phase } = state;
  useEffect(() => {
    if (phase === 'idle') keepScanDraft({ productName, brandName, ingredients, newBarcode });
  }, [productName, brandName, ingredients, newBarcode, phase]);
  const exampleRequest = useRef(0);

  const gate = scanGate(status, user, stats.data);
  const analysing = state.phase === 'analysing';

  /** The gate with the allowance fetched if it is not known yet. */
  const checkGate = async (): Promise<ScanGate> => {
    // Offline the allowance cannot be fetched (the query would wait): the server counts it on save.
    if (gate !== 'allowed' || stats.data || !uid || !onlineManager.isOnline()) return gate;
    try {
      return scanGate(status, user, await queryClient.fetchQuery(userStatsQuery(uid)));
    } catch {
      return gate;
    }
  };

  const refuse = (refused: ScanGate, via: 'analyse' | 'camera') => {
    if (refused === 'signedOut') {
      if (via === 'camera') navigate('/auth');
      else setSignInDialogOpen(true);
    } else if (refused === 'unverified') {
      showToast({
        title: 'Email verification required',
        description: VERIFY_EMAIL_REQUIRED,
        variant: 'destructive',
      });
    } else if (refused === 'limitReached') {
      showToast({ title: 'Scan limit reached', description: SCAN_LIMIT_REACHED, variant: 'destructive' });
      navigate('/premium');
    }
  };

  /** A photo's text fills the form to check and edit: nothing is saved or counted until 'Analyse Ingredients'. */
  const onExtracted = (label: ExtractedLabel) => {
    exampleRequest.current++;
    setSavedProductId(null);
    dispatch({ type: 'extracted', ...label });
    setReadFromPhoto(true);
    ingredientsRef.current?.focus();
  };
  /**
   * Every barcode lookup of the page (typed, camera, photo): a product found joins the signed-in
   * user's history; an unknown barcode is offered for labelling.
   */
  const lookUpBarcode = useCallback(
    async (code: string): Promise<ProductResponse | null> => {
      const product = await fetchProductByBarcode(code);
      if (!product) setNewBarcode(code);
      else if (uid) void recordLookup(product.id, code).then(() => refreshScanCaches(queryClient));
      return product;
    },
    [uid, queryClient],
  );

  const photo = usePhotoExtraction({
    onExtracted,
    lookUpBarcode,
    onProduct: (product) => navigate(`/product/${product.id}`),
  });

  const mayChoosePhoto = () => {
    if (gate === 'allowed') return true;
    refuse(gate, 'analyse');
    return false;
  };

  const uploadPhoto = async (file: File) => {
    const allowed = await checkGate();
    if (allowed !== 'allowed') return refuse(allowed, 'analyse');
    await photo.choosePhoto(file);
  };

  const runAnalysis = async (label: { productName: string; brandName: string; ingredients: string }) => {
    const allowed = await checkGate();
    if (allowed !== 'allowed') return refuse(allowed, 'analyse');
    exampleRequest.current++;
    setSavedProductId(null);
    setReadFromPhoto(false);
    dispatch({ type: 'analyse' });
    // A label in another language fetches its words (once) while the analysis delay runs.
    await Promise.all([delay(ANALYSE_DELAY_MS), loadLabelLanguage(label.ingredients)]);
    const result = analyseIngredients(label.ingredients, preferences.data);
    dispatch({ type: 'analysed', result });
    clearScanDraft();
    const barcode = newBarcode ?? undefined;
    saveScan.mutate(
      { ...label, rating: result.rating, ...(barcode ? { barcode, offConsent } : {}) },
      { onSuccess: (saved) => onSaved(saved, barcode) },
    );
  };

  const onSaved = (saved: SavedScan | null, barcode: string | undefined) => {
    setSavedProductId(saved?.productId ?? null);
    if (!saved || !barcode) return;
    setNewBarcode(null);
    // One product per barcode: the user lands on the one someone else saved first.
    if (saved.alreadyKnown) {
      showToast({ title: BARCODE_ADDED_MEANWHILE });
      navigate(`/product/${saved.productId}`);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (gate === 'signedOut') return refuse('signedOut', 'analyse');
    if (!state.ingredients.trim() || analysing) return;
    if (newBarcode && !state.productName.trim()) return setNameMissing(true);
    void runAnalysis(state);
  };

  const pickExample = async (key: ExampleKey) => {
    const request = ++exampleRequest.current;
    setSavedProductId(null);
    dispatch({ type: 'pickExample', key });
    await delay(EXAMPLE_DELAY_MS);
    if (request !== exampleRequest.current) return;
    dispatch({
      type: 'exampleRated',
      key,
      result: analyseIngredients(exampleByKey(key).ingredients, preferences.data),
    });
  };

  const openCamera = async () => {
    if (gate === 'signedOut') return refuse('signedOut', 'camera');
    const allowed = await checkGate();
    if (allowed !== 'allowed') return refuse(allowed, 'camera');
    setCameraOpen(true);
  };

  const signedOut = gate === 'signedOut';
  return (
    <PageContainer maxWidth="3xl">
      <Stack gap={{ base: '5', md: '8' }}>
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Analyse Ingredients
          </Heading>
          <Text color="fg.muted" marginTop="1">
            Paste an ingredient list or scan a label to get a rating, the processing level and any additives
            of concern.
          </Text>
        </Box>
        {/* At the limit the gate notice says it once (with the count), instead of two stacked boxes. */}
        {stats.data && gate !== 'limitReached' && <ScanUsageBanner stats={stats.data} />}
        <ScanGateNotice
          gate={gate}
          usage={stats.data ? { used: stats.data.scansThisMonth, limit: stats.data.scanLimit } : undefined}
        />
        {/* The barcode first: in a shop it is the quickest way to a product. */}
        <Stack
          gap="4"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="xl"
          padding={{ base: '4', md: '6' }}
          direction={{ base: 'column', md: 'row' }}
          alignItems={{ md: 'end' }}
        >
          <Button
            variant="outline"
            colorPalette="green"
            size="lg"
            disabled={analysing || status === 'loading'}
            onClick={() => void openCamera()}
          >
            <LuCamera aria-hidden /> Scan with Camera
          </Button>
          <Box flex="1">
            <BarcodeEntry lookUp={lookUpBarcode} labelling={newBarcode} />
          </Box>
        </Stack>
        <Stack
          asChild
          gap="4"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="xl"
          padding={{ base: '4', md: '6' }}
        >
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
              void uploadPhoto(file);
            }}
          >
            {newBarcode && (
              <NewBarcodeLabel
                barcode={newBarcode}
                offConsent={offConsent}
                disabled={analysing}
                onOffConsent={setOffConsent}
                onClear={() => {
                  setNewBarcode(null);
                  setNameMissing(false);
                }}
              />
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root
                disabled={analysing}
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
              <Field.Root disabled={analysing}>
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
            <Field.Root required disabled={analysing}>
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
            <CameraNoticeArea notice={photo.notice} />
            <InlineAlerts ingredients={state.ingredients} />
            <ExampleButtons
              selected={state.example}
              disabled={analysing}
              onPick={(key) => void pickExample(key)}
            />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <PhotoUploadButton
                processing={photo.processing}
                disabled={analysing || status === 'loading'}
                mayOpen={mayChoosePhoto}
                onChoose={(file) => void uploadPhoto(file)}
              />
              <Button
                type="submit"
                colorPalette="green"
                size="lg"
                flex={{ sm: '1' }}
                loading={analysing}
                loadingText="Analysing..."
                disabled={status === 'loading' || (!signedOut && !state.ingredients.trim())}
              >
                <LuSparkles aria-hidden /> {signedOut ? 'Sign in to Analyse' : 'Analyse Ingredients'}
              </Button>
            </Stack>
          </form>
        </Stack>
        <Box aria-live="polite">
          {analysing && (
            <Text role="status" color="fg.muted">
              Analysing ingredients...
            </Text>
          )}
          {saveScan.isPaused && (
            <Text role="status" color="fg.muted">
              You are offline: this scan will be saved when you are back online.
            </Text>
          )}
        </Box>
        {state.result && state.resultKind && (
          <ScanResults result={state.result} kind={state.resultKind} savedProductId={savedProductId} />
        )}
      </Stack>
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraOverlay
            onClose={() => setCameraOpen(false)}
            onExtracted={onExtracted}
            lookUpBarcode={lookUpBarcode}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}
