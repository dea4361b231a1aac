// Set-up file of the served project: every file there talks to the run's one server, so each
// waits for it before its tests start.
import { waitForSite } from './site-ready.ts';

await waitForSite();
