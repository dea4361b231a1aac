import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { SiteContent } from '../schemas/site-content.ts';
import { checkLogoAgainstAllowList } from '../site-content/brand-logo.ts';
import { checkProductImage } from '../site-content/product-image.ts';
import { ContentError } from '../site-content/read-site-content.ts';
import { writeGeneratedFile, writeGeneratedModule } from '../site-content/site-snapshot.ts';
import { makeImageVariants } from './image-variants.ts';

/** The folder of src/generated that holds the copied image, emitted by Vite under /_astro/. */
const IMAGE_FOLDER = 'product-image';

/**
 * Writes the product image content/product.md names into `outDir` (`product-image/<file>`) and
 * the module the home page imports, `product-image.ts`: its URL (hashed by Vite, served as an
 * immutable asset), alt text, media type and size, and for a bitmap a `srcset` of smaller WebP
 * copies (`makeImageVariants`, written beside it as `<name>-<width>.webp`); `undefined` without
 * an image. The reader has checked the file; an SVG also gets the logo's allow-list pass here
 * (jsdom, once a build).
 */
export async function writeProductImage(
  content: SiteContent,
  contentDir: string,
  outDir: string,
): Promise<void> {
  const image = content.product.image;
  const folder = join(outDir, IMAGE_FOLDER);
  const kept = image ? join(folder, image.file) : undefined;
  const stem = image?.file.replace(/\.[a-z]+$/, '');
  // A file left by other content would be emitted by nothing, but would linger.
  for (const file of await readdir(folder).catch(() => [])) {
    const variant = stem !== undefined && new RegExp(`^${stem}-\\d+\\.webp$`).test(file);
    if (file !== image?.file && !variant) await rm(join(folder, file), { recursive: true });
  }
  const header =
    '// Written by the build from content/product.md (src/integrations/product-image.ts).';
  const type = "import type { ProductImageFacts } from '../site-content/product-image.ts';";
  const declaration =
    'export const PRODUCT_IMAGE: (ProductImageFacts & { readonly url: string; readonly alt: string; readonly srcset?: string }) | undefined';
  if (!image || !kept) {
    await writeGeneratedModule(
      join(outDir, 'product-image.ts'),
      [header, type, '', `${declaration} = undefined;`, ''].join('\n'),
    );
    return;
  }
  const bytes = await readFile(join(contentDir, image.file));
  const named = `${basename(contentDir)}/${image.file}`;
  const refuse = (problems: readonly string[]) =>
    new ContentError(
      problems.map((problem) => ({
        file: `${basename(contentDir)}/product.md`,
        field: 'image.file',
        message: `${named} ${problem}`,
      })),
    );
  const check = checkProductImage(image.file, bytes);
  if (!check.ok) throw refuse(check.problems);
  if (check.facts.mediaType === 'image/svg+xml') {
    const outside = await checkLogoAgainstAllowList(new TextDecoder().decode(bytes));
    if (outside.length > 0) throw refuse(outside);
  }
  await writeGeneratedFile(kept, bytes);
  const variants = await makeImageVariants(bytes, check.facts.mediaType, check.facts.width);
  const imports: string[] = [];
  const candidates: string[] = [];
  for (const variant of variants) {
    const name = `${stem}-${variant.width}.webp`;
    await writeGeneratedFile(join(folder, name), variant.webp);
    imports.push(`import w${variant.width} from './${IMAGE_FOLDER}/${name}?url';`);
    candidates.push(`\${w${variant.width}} ${variant.width}w`);
  }
  for (const file of await readdir(folder)) {
    const made = variants.some((variant) => file === `${stem}-${variant.width}.webp`);
    if (file !== image.file && !made) await rm(join(folder, file));
  }
  const srcset =
    candidates.length > 0
      ? `, srcset: \`${[...candidates, `\${url} ${check.facts.width}w`].join(', ')}\``
      : '';
  const facts = Object.entries({ ...check.facts, alt: image.alt })
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join(', ');
  await writeGeneratedModule(
    join(outDir, 'product-image.ts'),
    [
      header,
      type,
      `import url from './${IMAGE_FOLDER}/${image.file}?url';`,
      ...imports,
      '',
      `${declaration} = { url, ${facts}${srcset} };`,
      '',
    ].join('\n'),
  );
}
