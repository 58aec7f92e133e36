/**
 * Where each content feature registers its "where is this photo used" search (see photo-uses.ts). One import
 * line per feature; the Photos API imports this file, so deleting a photo asks all of them.
 */
import './photo-uses.js';
import '../site/news-photo-uses.js';
import '../appeals/appeal-photo-uses.js';
