import { BRAND_LOGO_SVG, renderLogoPng, TOUCH_ICON_SIZE } from '../integrations/brand-images.ts';

export const prerender = true;

/** GET /apple-touch-icon.png: the logo as a 180x180 PNG, for what does not take an SVG icon. */
export const GET = () =>
  new Response(renderLogoPng(BRAND_LOGO_SVG, TOUCH_ICON_SIZE).slice().buffer, {
    headers: { 'Content-Type': 'image/png' },
  });
