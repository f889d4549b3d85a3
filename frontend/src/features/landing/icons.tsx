import { createIcon } from '../../shared/ui/icons';

/** Stroke icons used only by the landing page. */

export const ScaleIcon = createIcon(<><path d="M12 3v18M5 21h14M4 8h16" /><path d="m4 8-2.5 6a3.5 3.5 0 0 0 5 0L4 8ZM20 8l-2.5 6a3.5 3.5 0 0 0 5 0L20 8Z" /></>);
