// Async boundary: shared modules are negotiated before anything renders.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
