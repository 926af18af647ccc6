import { IconButton } from '@chakra-ui/react';
import { LuShare2 } from 'react-icons/lu';
import { showToast } from '../../../shared/toast/toaster';

/** Native share when available, else copies the text and link ('Copied to clipboard'). */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.error('Share failed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(`${text} ${url}`);
      showToast({ title: 'Copied to clipboard', description: 'Share it wherever you like.' });
    } catch (error) {
      console.error('Copy failed', error);
    }
  };
  return (
    <IconButton aria-label="Share" variant="ghost" onClick={share}>
      <LuShare2 />
    </IconButton>
  );
}
