import { describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES, cameraStartMessage, extractionOutcome } from './camera-messages';

describe('extractionOutcome', () => {
  it('fills the form from a successful extraction', () => {
    expect(
      extractionOutcome(true, {
        text: 'Tomato Ketchup ...',
        ingredients: ' Tomatoes, vinegar, sugar ',
        productName: 'Tomato Ketchup',
        brandName: '',
      }),
    ).toEqual({
      ok: true,
      ingredients: 'Tomatoes, vinegar, sugar',
      productName: 'Tomato Ketchup',
      brandName: null,
    });
  });

  it('explains unreadable ingredients', () => {
    const outcome = extractionOutcome(false, { error: 'UNREADABLE_INGREDIENTS', message: 'unclear' });
    expect(outcome).toEqual({
      ok: false,
      message:
        'The ingredient list in this image is not clear enough to read. Please try taking a clearer photo with better lighting and focus.',
    });
  });

  it('recognises the quota code in the error or the details', () => {
    expect(extractionOutcome(false, { error: 'QUOTA_EXCEEDED' })).toEqual({
      ok: false,
      message: CAMERA_MESSAGES.quotaExceeded,
    });
    expect(extractionOutcome(false, { error: 'OCR_FAILED', details: 'QUOTA_EXCEEDED' })).toMatchObject({
      message: expect.stringMatching(/^The scanning service has reached its usage limit/),
    });
    expect(
      extractionOutcome(false, { error: 'OCR_FAILED', details: { code: 'QUOTA_EXCEEDED' } }),
    ).toMatchObject({
      message: CAMERA_MESSAGES.quotaExceeded,
    });
  });

  it('other server errors ask for a clearer photo', () => {
    expect(extractionOutcome(false, { error: 'INVALID_IMAGE', message: 'bad' })).toEqual({
      ok: false,
      message: 'Failed to read ingredients from this image. Please try again with a clearer photo.',
    });
    expect(extractionOutcome(false, null)).toMatchObject({ message: CAMERA_MESSAGES.readFailed });
  });

  it('an empty result says nothing could be extracted', () => {
    expect(extractionOutcome(true, { text: '', ingredients: '' })).toEqual({
      ok: false,
      message: 'No ingredients could be extracted from this image. Please try a clearer photo.',
    });
  });

  it('text without an ingredient list, fallback texts and unreadable bodies use the fallback texts', () => {
    expect(extractionOutcome(true, { text: 'Best before: see cap', ingredients: '' })).toMatchObject({
      message: 'No ingredient list detected in this image.',
    });
    expect(
      extractionOutcome(true, { ingredients: 'No ingredient list detected in this image.' }),
    ).toMatchObject({
      ok: false,
    });
    expect(extractionOutcome(true, null)).toMatchObject({
      message: 'Error processing image. Please try again or enter ingredients manually.',
    });
  });
});

describe('camera texts', () => {
  it('say whether the device lacks camera access or access was refused', () => {
    expect(cameraStartMessage(false)).toBe("Your device doesn't support camera access");
    expect(cameraStartMessage(true)).toBe('Camera access denied or not available');
  });
  it('hold the capture, switch and processing texts word for word', () => {
    expect(CAMERA_MESSAGES).toMatchObject({
      processFailed: 'Failed to process image. Please try again.',
      processFailedTitle: 'Failed to process image',
      captureFailed: 'Failed to capture photo',
      switchFailed: 'Failed to switch camera',
      captureUnsupported: "Your browser doesn't support image capture",
    });
  });
});
