/**
 * The OCR feature's entry: its router, and the label reader itself, which the bench measures
 * (`@labelwise/backend/ocr`).
 */
export { ocrFeature } from './feature';
export { createOcrService, type OcrService } from './ocr-service';
export { ENGLISH_LANG_PATH } from './tesseract-engine';
export { substringDistance } from './extraction/levenshtein';
