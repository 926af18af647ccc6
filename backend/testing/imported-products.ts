import { randomUUID } from 'node:crypto';
import { streams, type ImportedProduct } from '@labelwise/domain';
import { importedProduct } from '@labelwise/domain/testing';
import { caughtUp } from './catalogue-fixtures';
import type { TestServer } from './test-server';

type Overrides = Partial<Omit<ImportedProduct, 'productId'>>;

/**
 * Products as an Open Food Facts import records them (`ProductImported` on new product streams),
 * settled in the product read models. Returns their payloads, ids allocated.
 */
export async function importProducts(server: TestServer, products: Overrides[]): Promise<ImportedProduct[]> {
  const imported: ImportedProduct[] = [];
  for (const overrides of products) {
    const data = importedProduct(await server.ctx.allocateId('product'), overrides);
    await append(server, data.productId, 'ProductImported', data, 'no_stream');
    imported.push(data);
  }
  await caughtUp(server, ['product_cards', 'product_ratings']);
  return imported;
}

/** A later export's record of an existing product (`ProductUpdatedFromSource`), settled. */
export async function updateFromSource(server: TestServer, data: ImportedProduct): Promise<void> {
  await append(server, data.productId, 'ProductUpdatedFromSource', data, 'stream_exists');
  await caughtUp(server, ['product_cards', 'product_ratings']);
}

async function append(
  server: TestServer,
  productId: number,
  type: 'ProductImported' | 'ProductUpdatedFromSource',
  data: ImportedProduct,
  expectedRevision: 'no_stream' | 'stream_exists',
) {
  const metadata = {
    actor: null,
    correlationId: randomUUID(),
    causationId: null,
    at: new Date().toISOString(),
  };
  await server.ctx.store.append(streams.product(productId), [{ type, data, metadata }], { expectedRevision });
}
