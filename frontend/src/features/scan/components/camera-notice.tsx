import { Alert, Box } from '@chakra-ui/react';
import type { CameraNotice } from './use-photo-extraction';

/** A polite live region, so a notice appearing under the camera is announced. */
export function CameraNoticeArea({ notice }: { notice: CameraNotice | null }) {
  return (
    <Box aria-live="polite">
      {notice && (
        <Alert.Root status={notice.status} size="sm" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            {notice.title && <Alert.Title>{notice.title}</Alert.Title>}
            <Alert.Description>{notice.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Box>
  );
}
