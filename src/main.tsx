/**
 * The page's entry. The HTML shell has drawn the brand's skeleton and, on the home page, its
 * billboard; they paint before the app's code runs, so a slow phone shows the brand at once. The
 * start's two chunks are fetched meanwhile (modulepreload, scripts/startPreload.ts; on the home the
 * shell holds those links back until its billboard has painted) and run here, each in a task of
 * its own, once the shell has painted.
 * (No top-level await anywhere in the app: it turns off the bundler's merging of shared chunks.)
 */
import { afterShellPaint, releaseStartPreloads } from './wiring/shellPaint.ts';
import { nextTask } from './wiring/nextTask.ts';

// The libraries first, the app's modules in the next task: evaluated together they were one long task.
void afterShellPaint(document)
  .then(() => {
    // On the home, the shell holds the start's preloads until its billboard has painted.
    releaseStartPreloads(document);
    return import('./startLibraries.ts');
  })
  .then(nextTask)
  .then(() => import('./start.tsx'));
