import { describe, expect, it } from 'vitest';
import { downscaledSize, MAX_IMAGE_DIMENSION, stripDataUrlPrefix } from './image-size';

describe('downscaledSize (at most 1200 px on the longest side)', () => {
  it('scales a landscape frame so its width is 1200', () => {
    expect(downscaledSize(1920, 1080)).toEqual({ width: 1200, height: 675 });
  });
  it('scales a portrait photo so its height is 1200', () => {
    expect(downscaledSize(3024, 4032)).toEqual({ width: 900, height: 1200 });
  });
  it('never upscales small images', () => {
    expect(downscaledSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(downscaledSize(1200, 1200)).toEqual({ width: 1200, height: 1200 });
  });
  it('keeps extreme aspect ratios at least one pixel wide', () => {
    expect(downscaledSize(12000, 3)).toEqual({ width: MAX_IMAGE_DIMENSION, height: 1 });
  });
  it('gives nothing for an image with no size yet', () => {
    expect(downscaledSize(0, 0)).toEqual({ width: 0, height: 0 });
    expect(downscaledSize(Number.NaN, 10)).toEqual({ width: 0, height: 0 });
  });
});

describe('stripDataUrlPrefix', () => {
  it('sends the base64 without its data-URL prefix', () => {
    expect(stripDataUrlPrefix('data:image/jpeg;base64,/9j/4AAQ')).toBe('/9j/4AAQ');
  });
});
