// Async boundary: Module Federation negotiates shared singletons before the remote's code runs.
import('./bootstrap');
