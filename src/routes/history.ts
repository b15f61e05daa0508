import { createBrowserHistory } from '@tanstack/react-router';

/** One browser history shared by the screen sets' routers. */
export const browserHistory = createBrowserHistory();
