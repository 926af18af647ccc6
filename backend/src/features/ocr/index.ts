/** `@labelwise/backend/ocr`: the label reader, for the bench that measures it. */
export { createOcrService, type OcrService } from './ocr-service';
export { ENGLISH_LANG_PATH } from './tesseract-engine';
export { substringDistance } from './extraction/levenshtein';
