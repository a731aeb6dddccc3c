import { startEarlyRequestsInBrowser } from './first-screen/early-requests';

// Signed in: the first API data loads while the shared libraries do (used by the API client).
// (The scripts themselves arrive preloaded: the server sends Link headers from preload.json.)
startEarlyRequestsInBrowser();
// Async boundary: Module Federation negotiates shared singletons before the app's code runs.
import('./bootstrap');
