import { describe, expect, it } from 'vitest';
import type { OffProductSource } from '@labelwise/domain';
import { createBatchPipeline } from './batch-pipeline';
import type { BatchItem } from './plan-batch';

const item = (barcode: string): BatchItem => ({ barcode, source: { code: barcode } as OffProductSource });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createBatchPipeline', () => {
  it('runs full batches, at most `concurrency` at once, and the last partial one on finish', async () => {
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const pipeline = createBatchPipeline({
      batchSize: 2,
      concurrency: 2,
      run: async (items) => {
        most = Math.max(most, ++running);
        await tick();
        batches.push(items.map((i) => i.barcode));
        running--;
      },
    });
    for (const code of ['1', '2', '3', '4', '5', '6', '7']) await pipeline.add(item(code));
    await pipeline.finish();
    expect(batches.flat().sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(batches.map((b) => b.length).sort()).toEqual([1, 2, 2, 2]);
    expect(most).toBe(2);
  });

  it('lets a second record of a barcode in only once the batch holding the first is done', async () => {
    const order: string[] = [];
    const pipeline = createBatchPipeline({
      batchSize: 10,
      concurrency: 2,
      run: async (items) => {
        order.push(`start ${items.map((i) => i.barcode).join(',')}`);
        await tick();
        order.push(`done ${items.map((i) => i.barcode).join(',')}`);
      },
    });
    await pipeline.add(item('1'));
    await pipeline.add(item('2'));
    await pipeline.add(item('1'));
    await pipeline.finish();
    expect(order).toEqual(['start 1,2', 'done 1,2', 'start 1', 'done 1']);
  });

  it('fails the run with the error of a failed batch', async () => {
    const pipeline = createBatchPipeline({
      batchSize: 1,
      concurrency: 2,
      run: async (items) => {
        await tick();
        if (items[0]!.barcode === '2') throw new Error('database gone');
      },
    });
    const adding = (async () => {
      for (const code of ['1', '2', '3', '4', '5']) await pipeline.add(item(code));
      await pipeline.finish();
    })();
    await expect(adding).rejects.toThrow('database gone');
  });
});
