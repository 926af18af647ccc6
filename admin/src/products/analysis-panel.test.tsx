// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../testing/render-in-admin';
import { AnalysisPanel } from './analysis-panel';

afterEach(cleanup);

describe('AnalysisPanel', () => {
  it('shows each stored concern with its severity and reason, and why the processing level', async () => {
    renderInAdmin(<AnalysisPanel />, {
      resource: 'products',
      record: {
        id: 3,
        analysis: {
          rating: 'red',
          processingLevel: 'high',
          additiveCount: 2,
          isProcessed: true,
          isUltraProcessed: true,
          concerns: [{ name: 'Sodium nitrite', severity: 'high', reason: 'EFSA: overexposure risk.' }],
          processingReason: 'Contains flavourings, a marker of ultra-processed food.',
        },
      },
    });
    expect(await screen.findByText('Sodium nitrite (high concern)')).toBeTruthy();
    expect(screen.getByText('EFSA: overexposure risk.')).toBeTruthy();
    expect(screen.getByText('Contains flavourings, a marker of ultra-processed food.')).toBeTruthy();
    expect(screen.queryByText(/undefined/)).toBeNull();
  });

  it('says when a product has no analysis', async () => {
    renderInAdmin(<AnalysisPanel />, { resource: 'products', record: { id: 4, analysis: null } });
    expect(await screen.findByText('No analysis')).toBeTruthy();
  });
});
