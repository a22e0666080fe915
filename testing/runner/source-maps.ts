import module from "node:module";

/**
 * tsx turns source maps on for everything, so each test process read the `.map` file of every package
 * module it loaded (about a second of every file's start). Stack traces need the maps of our own
 * TypeScript only: the dependencies' are left unread.
 */
module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
