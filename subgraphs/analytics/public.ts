/**
 * What other domains may ask of the analytics domain: recording a view the design viewer served
 * (the designs domain calls it after the page answered), with the key its hashes are made with.
 */
export { recordDesignView, VIEW_ANALYTICS_KEY_PURPOSE, type ServedView } from "./domain/recording.js";
