/**
 * Resolves in a new task: the browser can paint and answer input before what follows runs. The
 * start splits its work with it, so that no step of it is a long task.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
