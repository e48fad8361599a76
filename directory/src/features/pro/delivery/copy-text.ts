/**
 * Copies text for the mover (the secret, the verification code) and says so in a toast. The clipboard can
 * be refused (an old browser, a page without permission): then the toast says to copy it by hand.
 */
import { toast } from '../../../components/toast/toast-store';

export async function copyText(text: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: copied });
  } catch {
    toast({
      title: 'Could not copy',
      description: 'Select the text and copy it yourself.',
      variant: 'destructive',
    });
  }
}
