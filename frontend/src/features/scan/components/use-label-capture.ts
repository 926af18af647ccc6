import { CAMERA_MESSAGES } from './camera-messages';
import { CaptureUnsupportedError, captureVideoFrame } from './image-capture';
import { MANUAL_CAPTURE_QUALITY } from './image-size';
import { usePhotoExtraction, type PhotoOutcomes } from './use-photo-extraction';

interface LabelCaptureOptions extends PhotoOutcomes {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  /** The camera shows a live picture that can be captured. */
  ready: boolean;
  onClose(): void;
}

/**
 * The camera's photo (the video frame, or a chosen file) sent for extraction, or a chosen file's
 * barcode looked up; the overlay closes on success.
 */
export function useLabelCapture({ videoRef, ready, onExtracted, onClose, ...barcode }: LabelCaptureOptions) {
  const extraction = usePhotoExtraction({
    ...barcode,
    onExtracted: (label) => {
      onExtracted(label);
      onClose();
    },
  });

  const capture = () => {
    const video = videoRef.current;
    let image: string;
    try {
      if (!video || !ready) throw new Error('The camera is not ready');
      image = captureVideoFrame(video, MANUAL_CAPTURE_QUALITY);
    } catch (failure) {
      const message =
        failure instanceof CaptureUnsupportedError
          ? CAMERA_MESSAGES.captureUnsupported
          : CAMERA_MESSAGES.captureFailed;
      extraction.setNotice({ status: 'error', message });
      return;
    }
    void extraction.extract(image);
  };

  return { ...extraction, capture };
}
