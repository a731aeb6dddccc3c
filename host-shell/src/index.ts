// Async boundary: Module Federation negotiates shared singletons before the app's code runs.
import('./bootstrap');
