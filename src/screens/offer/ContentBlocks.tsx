import type { ContentBlock } from '../../../contract/offer.ts';
import { Image } from '../../components/Image.tsx';
import { RichTextBlock } from '../../richText/LazyRichText.tsx';
import { ClickToLoadEmbed } from './ClickToLoadEmbed.tsx';
import * as styles from './offer.css.ts';

export interface RichTextLinks {
  appHosts: string[];
  currentSection: string;
}

export interface ContentBlocksProps {
  blocks: ContentBlock[];
  links: RichTextLinks;
  onNavigate: (path: string) => void;
}

/** The offer's content blocks in order (spec 3): rich text, captioned images, click-to-load players. */
export function ContentBlocks({ blocks, links, onNavigate }: ContentBlocksProps) {
  return (
    <div className={styles.blocks}>
      {blocks.map((block, index) => (
        <Block key={index} block={block} links={links} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

function Block({ block, links, onNavigate }: { block: ContentBlock } & Omit<ContentBlocksProps, 'blocks'>) {
  switch (block.type) {
    case 'richText':
      return <RichTextBlock raw={block.editorStateRaw} links={links} onNavigate={onNavigate} />;
    case 'image':
      return (
        <figure className={styles.figure}>
          <Image image={block.image} size="large" naturalRatio className={styles.figureImage} />
          {block.caption ? <figcaption className={styles.caption}>{block.caption}</figcaption> : null}
        </figure>
      );
    case 'spotify':
    case 'youTube':
      return <ClickToLoadEmbed kind={block.type} src={block.src} />;
    default:
      // A block type this version does not know is left out rather than breaking the page.
      return null;
  }
}
