import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_MESSAGES, cameraStartMessage } from './camera-messages';

export type Facing = 'environment' | 'user';
/** Starting (asking for the camera), live, or not available. */
export type CameraPhase = 'requesting' | 'ready' | 'error';

const stopStream = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * Live camera shown in `videoRef`, stopped on unmount; `start` asks for the given side's camera
 * (a later call wins over an earlier one still waiting), `failure` replacing the default error text.
 */
export function useCamera(videoRef: React.RefObject<HTMLVideoElement | null>) {
  const streamRef = useRef<MediaStream | null>(null);
  const requestRef = useRef(0);
  const [phase, setPhase] = useState<CameraPhase>('requesting');
  const [error, setError] = useState('');

  const start = useCallback(
    async (facing: Facing, failure?: string) => {
      const request = ++requestRef.current;
      stopStream(streamRef.current);
      streamRef.current = null;
      setPhase('requesting');
      const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
      if (!media?.getUserMedia) {
        setError(CAMERA_MESSAGES.unsupported);
        setPhase('error');
        return;
      }
      try {
        const stream = await media.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        });
        if (request !== requestRef.current) return stopStream(stream);
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
        setPhase('ready');
      } catch {
        if (request !== requestRef.current) return;
        setError(failure ?? cameraStartMessage(true));
        setPhase('error');
      }
    },
    [videoRef],
  );

  useEffect(
    () => () => {
      requestRef.current++;
      stopStream(streamRef.current);
    },
    [],
  );

  return { phase, error, start };
}
