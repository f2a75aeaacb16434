/** A 2D symbol as its grid of modules, without quiet zone. `dark[y * width + x]` is 1 for a dark module. */
export interface ModuleMatrix {
  readonly width: number;
  readonly height: number;
  readonly dark: ArrayLike<number>;
}

/** A horizontal run of dark modules in one row, in module units. */
export interface ModuleRun {
  readonly x: number;
  readonly y: number;
  readonly length: number;
}

/**
 * Merges each row's adjacent dark modules into runs: every format draws one rectangle per run instead of one
 * per module, which keeps files small and leaves no hairline seams between modules in RIPs that anti-alias.
 * Rows are never merged vertically, so every rectangle is exactly one module high.
 */
export function moduleRuns(m: ModuleMatrix): ModuleRun[] {
  const runs: ModuleRun[] = [];
  for (let y = 0; y < m.height; y++) {
    let x = 0;
    while (x < m.width) {
      if (!m.dark[y * m.width + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < m.width && m.dark[y * m.width + x]) x++;
      runs.push({ x: start, y, length: x - start });
    }
  }
  return runs;
}
