import { createContainerService } from '../../src/services/container.ts';

/** The container service of a plain browser (no native bridge), for harnesses that render wired screens. */
export const browserContainer = createContainerService({ containerType: 'web', serviceUrl: null });
