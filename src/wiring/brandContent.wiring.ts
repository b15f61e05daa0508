import { fromPromise } from 'xstate';
import { brandContentMachine } from '../../machines/brandContent.machine.ts';
import { getBrandContent } from '../api/brandContent.ts';
import { cachedBrandContent } from '../services/brandContentCache.ts';
import type { WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** The brand's texts from the API, through the per-language cache: the More section's screens share one fetch. */
export function wireBrandContent({ api }: Pick<WiringDeps, 'api'>) {
  return brandContentMachine.provide({
    actors: {
      loadContent: fromPromise(({ input }: { input: { language: string } }) => cachedBrandContent(input.language, () => getBrandContent(api))),
      retryWhenOnline,
    },
  });
}
