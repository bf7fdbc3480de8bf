/** Cover image size of every article, in px (Open Graph's 1.91:1). */
export const ARTICLE_IMAGE_WIDTH = 1200;
export const ARTICLE_IMAGE_HEIGHT = 630;
