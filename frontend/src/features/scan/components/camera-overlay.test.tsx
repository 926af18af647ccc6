// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../testing/render-in-app';
import { CameraOverlay } from './camera-overlay';
import { cameraBarcodeNotFound, photoBarcodeNotFound } from './camera-messages';

const mocks = vi.hoisted(() => ({
  processImage: vi.fn(),
  fetchProductByBarcode: vi.fn(),
  read: vi.fn(),
}));
vi.mock('../api/process-image', () => ({ processImage: mocks.processImage }));
vi.mock('./barcode-reader', () => ({ createBarcodeReader: async () => ({ read: mocks.read }) }));
// jsdom has no 2D canvas: the frame is a fixed string.
vi.mock('./image-capture', () => ({
  CaptureUnsupportedError: class extends Error {},
  captureVideoFrame: () => 'frame-jpeg',
  loadImageFile: async () => ({ decoded: 'photo' }),
  encodeImage: () => 'file-jpeg',
}));

// Chakra's first render in jsdom is slow on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const fakeStream = () => ({ getTracks: () => [{ stop: vi.fn() }] }) as unknown as MediaStream;

function setCamera(
  getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined,
) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined,
  });
  return navigator.mediaDevices?.getUserMedia as ReturnType<typeof vi.fn> | undefined;
}

function renderOverlay() {
  const onClose = vi.fn();
  const onExtracted = vi.fn();
  const { router } = renderInApp(
    <CameraOverlay onClose={onClose} onExtracted={onExtracted} lookUpBarcode={mocks.fetchProductByBarcode} />,
    { routes: [{ path: '/product/:id', element: <p>product page</p> }] },
  );
  return { onClose, onExtracted, router };
}

const takePhoto = () => screen.getByRole('button', { name: 'Take photo' });

/** A file chosen with 'Upload a photo' on the 'Camera Not Available' screen. */
async function uploadOnUnavailableScreen() {
  const input = await screen.findByTestId('photo-upload-input');
  fireEvent.change(input, { target: { files: [new File(['photo'], 'photo.png', { type: 'image/png' })] } });
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  mocks.read.mockResolvedValue(null);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  mocks.processImage.mockReset();
  mocks.fetchProductByBarcode.mockReset();
  mocks.read.mockReset();
});

describe('CameraOverlay', () => {
  it('says the camera is not available when the browser has no camera API', async () => {
    setCamera(undefined);
    renderOverlay();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Camera Not Available');
    expect(alert.textContent).toContain("Your device doesn't support camera access");
    expect(takePhoto()).toHaveProperty('disabled', true);
  });

  it('asks again on Try Again after a refusal, and shows the live camera once it is given', async () => {
    const getUserMedia = setCamera(() => Promise.reject(new Error('NotAllowedError')))!;
    renderOverlay();
    expect((await screen.findByRole('alert')).textContent).toContain('Camera access denied or not available');

    getUserMedia.mockResolvedValue(fakeStream());
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText(
      'Fit the ingredient list in the frame and take a photo, or hold a barcode steady.',
    );
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(takePhoto()).toHaveProperty('disabled', false);
  });

  it('flips to the front camera', async () => {
    const getUserMedia = setCamera(async () => fakeStream())!;
    renderOverlay();
    const flip = screen.getByRole('button', { name: 'Switch to front camera' });
    // Disabled while the camera starts.
    await waitFor(() => expect(flip).toHaveProperty('disabled', false));
    fireEvent.click(flip);
    await screen.findByRole('button', { name: 'Switch to rear camera' });
    expect(getUserMedia).toHaveBeenLastCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'user' } }) }),
    );
  });

  it('hands the extracted label over and closes after a photo is read', async () => {
    setCamera(async () => fakeStream());
    const label = { ok: true, ingredients: 'Sugar, salt', productName: 'Crisps', brandName: null };
    mocks.processImage.mockResolvedValue(label);
    const { onClose, onExtracted } = renderOverlay();
    await waitFor(() => expect(takePhoto()).toHaveProperty('disabled', false));
    fireEvent.click(takePhoto());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mocks.processImage).toHaveBeenCalledWith('frame-jpeg', expect.any(AbortSignal));
    expect(onExtracted).toHaveBeenCalledWith(label);
  });

  it('shows the extraction failure and lets the user try again', async () => {
    setCamera(async () => fakeStream());
    mocks.processImage.mockResolvedValue({
      ok: false,
      message: 'No ingredient list detected in this image.',
    });
    const { onClose } = renderOverlay();
    await waitFor(() => expect(takePhoto()).toHaveProperty('disabled', false));
    fireEvent.click(takePhoto());
    await screen.findByText('Failed to process image');
    expect(screen.getByText('No ingredient list detected in this image.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(takePhoto()).toHaveProperty('disabled', false);
  });

  it('says so when a barcode in view is not in the catalogue, and opens the product when it is', async () => {
    setCamera(async () => fakeStream());
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    mocks.read.mockResolvedValueOnce('5000000000001').mockResolvedValue('5000000000002');
    mocks.fetchProductByBarcode.mockImplementation(async (code: string) =>
      code === '5000000000002' ? { id: 7 } : null,
    );
    const { onClose, router } = renderOverlay();
    await screen.findByText(cameraBarcodeNotFound('5000000000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/7'));
    expect(onClose).toHaveBeenCalled();
  });

  it('looks up the barcode in an uploaded photo instead of reading it as a label', async () => {
    setCamera(undefined);
    mocks.read.mockResolvedValue('5000000000002');
    mocks.fetchProductByBarcode.mockResolvedValue({ id: 7 });
    const { onClose, router } = renderOverlay();
    await uploadOnUnavailableScreen();
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/7'));
    expect(mocks.read).toHaveBeenCalledWith({ decoded: 'photo' });
    expect(mocks.fetchProductByBarcode).toHaveBeenCalledWith('5000000000002');
    expect(mocks.processImage).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when an uploaded photo’s barcode is unknown, and reads a photo without one as a label', async () => {
    setCamera(undefined);
    mocks.read.mockResolvedValueOnce('5000000000001').mockResolvedValue(null);
    mocks.fetchProductByBarcode.mockResolvedValue(null);
    const label = { ok: true, ingredients: 'Sugar, salt', productName: 'Crisps', brandName: null };
    mocks.processImage.mockResolvedValue(label);
    const { onExtracted } = renderOverlay();
    await uploadOnUnavailableScreen();
    await screen.findByText(photoBarcodeNotFound('5000000000001'));
    expect(mocks.processImage).not.toHaveBeenCalled();

    await uploadOnUnavailableScreen();
    await waitFor(() => expect(onExtracted).toHaveBeenCalledWith(label));
    expect(mocks.processImage).toHaveBeenCalledWith('file-jpeg', expect.any(AbortSignal));
  });
});
