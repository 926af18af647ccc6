import { Stack } from '@chakra-ui/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageContainer } from '../../shared/ui/page-container';
import { AnalysisStatus } from './components/analysis-status';
import { BarcodePanel } from './components/barcode-panel';
import { LabelForm } from './components/label-form';
import { ScanIntro } from './components/scan-intro';
import { ScanResults } from './components/scan-results';
import { useBarcodeLookUp } from './components/use-barcode-look-up';
import { useLabelAnalysis } from './components/use-label-analysis';
import { useLabelDraft } from './components/use-label-draft';
import { usePhotoExtraction } from './components/use-photo-extraction';
import { useScanGate } from './components/use-scan-gate';

// The camera (and its barcode readers) load only when someone opens it.
const CameraOverlay = lazy(async () => ({
  default: (await import('./components/camera-overlay')).CameraOverlay,
}));

/** /scan: 'Analyse Ingredients'. */
export function ScanPage() {
  const navigate = useNavigate();
  const { status, uid, stats, gate, refuse, mayProceed, mayProceedNow } = useScanGate();
  const label = useLabelDraft();
  const analysis = useLabelAnalysis(uid, label);
  const lookUpBarcode = useBarcodeLookUp(uid, label.setNewBarcode);
  const photo = usePhotoExtraction({
    onExtracted: analysis.fillFromPhoto,
    lookUpBarcode,
    onProduct: (product) => navigate(`/product/${product.id}`),
  });
  const [cameraOpen, setCameraOpen] = useState(false);
  const { state, newBarcode } = label;
  const analysing = state.phase === 'analysing';
  const signedOut = gate === 'signedOut';

  const uploadPhoto = async (file: File) => {
    if (await mayProceed('analyse')) await photo.choosePhoto(file);
  };
  const analyseLabel = async () => {
    if (await mayProceed('analyse')) await analysis.analyse(state);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signedOut) return refuse('signedOut', 'analyse');
    if (!state.ingredients.trim() || analysing) return;
    if (newBarcode && !state.productName.trim()) return label.setNameMissing(true);
    void analyseLabel();
  };
  const openCamera = async () => {
    if (signedOut) return refuse('signedOut', 'camera');
    if (await mayProceed('camera')) setCameraOpen(true);
  };

  return (
    <PageContainer maxWidth="3xl">
      <Stack gap={{ base: '5', md: '8' }}>
        <ScanIntro gate={gate} stats={stats.data} />
        <BarcodePanel
          disabled={analysing || status === 'loading'}
          onOpenCamera={() => void openCamera()}
          lookUp={lookUpBarcode}
          labelling={newBarcode}
        />
        <LabelForm
          label={label}
          analysis={analysis}
          photo={photo}
          analysing={analysing}
          authLoading={status === 'loading'}
          signedOut={signedOut}
          onSubmit={onSubmit}
          mayChoosePhoto={() => mayProceedNow('analyse')}
          onPhoto={(file) => void uploadPhoto(file)}
        />
        <AnalysisStatus analysing={analysing} savePaused={analysis.savePaused} />
        {state.result && state.resultKind && (
          <ScanResults
            result={state.result}
            kind={state.resultKind}
            savedProductId={analysis.savedProductId}
          />
        )}
      </Stack>
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraOverlay
            onClose={() => setCameraOpen(false)}
            onExtracted={analysis.fillFromPhoto}
            lookUpBarcode={lookUpBarcode}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}
