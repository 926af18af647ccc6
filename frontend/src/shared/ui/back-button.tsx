import { Button } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';

/** Back goes to browser history, or / when there is none. */
export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <Button variant="ghost" size="sm" onClick={goBack} paddingX="2">
      <LuArrowLeft aria-hidden /> {label}
    </Button>
  );
}
