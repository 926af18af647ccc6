/** Every size the benchmark uses: the sizes, and a small version for `--quick`. */
export function benchSizes(quick: boolean) {
  return quick
    ? {
        analyses: 10_000,
        appendCommands: 1_200,
        events: 30_000,
        lagSeconds: 8,
        apiSeconds: 2,
        scanUsers: 100,
        scanRate: 300,
        ocrImages: 3,
        offRows: 20_000,
      }
    : {
        analyses: 100_000,
        appendCommands: 12_000,
        events: 1_000_000,
        lagSeconds: 60,
        apiSeconds: 10,
        scanUsers: 1000,
        scanRate: 300,
        ocrImages: 40,
        offRows: 3_000_000,
      };
}

export type BenchSizes = ReturnType<typeof benchSizes>;
