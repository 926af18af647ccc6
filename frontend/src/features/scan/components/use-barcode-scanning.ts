import { useEffect, useRef } from 'react';
import { createBarcodeReader } from './barcode-reader';
import type { BarcodeReader } from './barcode-reader-types';

const BARCODE_INTERVAL_MS = 500;

/**
 * While `active`, reads barcodes from the video and hands each new code to `onCode` once; scanning
 * stops when `onCode` answers true (the code was used).
 */
export function useBarcodeScanning(
  videoRef: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: string) => Promise<boolean>,
) {
  const readerRef = useRef<Promise<BarcodeReader | null> | null>(null);
  const seenRef = useRef(new Set<string>());

  useEffect(() => {
    if (!active) return;
    readerRef.current ??= createBarcodeReader().catch(() => null);
    let busy = false;
    let stopped = false;
    const timer = setInterval(async () => {
      const video = videoRef.current;
      if (busy || !video || video.readyState < 2) return;
      busy = true;
      try {
        const reader = await readerRef.current;
        const code = reader && !stopped ? await reader.read(video) : null;
        if (code && !stopped && !seenRef.current.has(code)) {
          seenRef.current.add(code);
          if (await onCode(code)) stopped = true;
        }
      } catch (failure) {
        console.warn('Barcode lookup failed', failure);
      } finally {
        busy = false;
      }
    }, BARCODE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, onCode, videoRef]);
}
