import {
  useEffect,
  useId,
  useState,
  type ButtonHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';

/**
 * Chakra's Button, IconButton, Avatar, Select, CloseButton and Spinner as the signed-in first
 * screen draws them: the same elements and classes, their looks from shell.css (SHELL_LOOKS in
 * shell-stylesheet), and no Chakra code, so that screen renders before Chakra has loaded.
 */

type ButtonLook = 'dh-button-solid' | 'dh-button-outline' | 'dh-button-update';

interface ShellButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'> {
  look: ButtonLook;
  /** Drawn before the label, as Chakra's `leftIcon`. */
  icon?: ReactElement;
}

/** A Chakra Button (`disabled` as its `isDisabled`). */
export function ShellButton({ look, icon, children, ...props }: ShellButtonProps) {
  return (
    <button type="button" className={`chakra-button ${look}`} {...props}>
      {icon && <span className={`chakra-button__icon ${look}__icon`}>{icon}</span>}
      {children}
    </button>
  );
}

/** Chakra's IconButton, size sm, ghost. */
export function ShellIconButton({
  icon,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type' | 'children'> & {
  icon: ReactElement;
  'aria-label': string;
}) {
  return (
    <button type="button" className="chakra-button dh-icon-button" {...props}>
      {icon}
    </button>
  );
}

/** Whether `src` loads (as Chakra's useImage): the avatar shows its initials until it has. */
function useImageLoaded(src: string | undefined, referrerPolicy: ReferrerPolicy | undefined): boolean {
  const [loadedSrc, setLoadedSrc] = useState<string>();
  useEffect(() => {
    if (!src) return undefined;
    const image = new Image();
    if (referrerPolicy) image.referrerPolicy = referrerPolicy;
    image.onload = () => setLoadedSrc(src);
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src, referrerPolicy]);
  return Boolean(src) && loadedSrc === src;
}

const ANONYMOUS_AVATAR_PATHS = [
  'M103,102.1388 C93.094,111.92 79.3504,118 64.1638,118 C48.8056,118 34.9294,111.768 25,101.7892 L25,95.2 C25,86.8096 31.981,80 40.6,80 L87.4,80 C96.019,80 103,86.8096 103,95.2 L103,102.1388 Z',
  'M63.9961647,24 C51.2938136,24 41,34.2938136 41,46.9961647 C41,59.7061864 51.2938136,70 63.9961647,70 C76.6985159,70 87,59.7061864 87,46.9961647 C87,34.2938136 76.6985159,24 63.9961647,24',
];

/** Chakra's Avatar, size sm, white on blue.600: the image once loaded, else the initials, else the generic figure. */
export function ShellAvatar({
  name,
  initials,
  src,
  referrerPolicy,
}: {
  name: string | undefined;
  initials: string;
  src: string | undefined;
  referrerPolicy?: ReferrerPolicy;
}) {
  const loaded = useImageLoaded(src, referrerPolicy);
  if (loaded)
    return (
      <span className="chakra-avatar dh-avatar">
        <img
          src={src}
          alt={name}
          referrerPolicy={referrerPolicy}
          className="chakra-avatar__img dh-avatar-img"
        />
      </span>
    );
  if (name)
    return (
      <span className="chakra-avatar dh-avatar">
        <div role="img" aria-label={name} className="chakra-avatar__initials dh-avatar__initials">
          {initials}
        </div>
      </span>
    );
  return (
    <span className="chakra-avatar dh-avatar-anonymous">
      <svg
        viewBox="0 0 128 128"
        role="img"
        aria-label=" avatar"
        className="chakra-avatar__svg dh-avatar-anonymous__svg"
      >
        {ANONYMOUS_AVATAR_PATHS.map((d) => (
          <path key={d} fill="currentColor" d={d} />
        ))}
      </svg>
    </span>
  );
}

/** A labelled Chakra FormControl with a Select: the dashboard's server picker. */
export function ShellServerSelect({
  label,
  children,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'id'> & {
  label: string;
  children: ReactNode;
}) {
  const id = `field-${useId()}`;
  return (
    <div role="group" className="chakra-form-control dh-server-select">
      <label id={`${id}-label`} htmlFor={id} className="chakra-form__label dh-server-select__label">
        {label}
      </label>
      <div className="chakra-select__wrapper dh-server-select__wrapper">
        <select id={id} className="chakra-select dh-server-select__select" {...props}>
          {children}
        </select>
        <div className="chakra-select__icon-wrapper dh-server-select__icon-wrapper">
          <svg
            viewBox="0 0 24 24"
            role="presentation"
            className="chakra-select__icon"
            focusable="false"
            aria-hidden="true"
            style={{ width: '1em', height: '1em', color: 'currentcolor' }}
          >
            <path fill="currentColor" d="M16.59 8.59L12 13.17 7.41 8.59 6 10l6 6 6-6z" />
          </svg>
        </div>
      </div>
    </div>
  );
}

/** Chakra's CloseButton, size sm, in the top right corner of `look`'s box. */
export function ShellCloseButton({ look, onClick }: { look: string; onClick: () => void }) {
  return (
    <button type="button" aria-label="Close" className={`${look}__button`} onClick={onClick}>
      <svg viewBox="0 0 24 24" focusable="false" className={`chakra-icon ${look}__icon`} aria-hidden="true">
        <path
          fill="currentColor"
          d="M.439,21.44a1.5,1.5,0,0,0,2.122,2.121L11.823,14.3a.25.25,0,0,1,.354,0l9.262,9.263a1.5,1.5,0,1,0,2.122-2.121L14.3,12.177a.25.25,0,0,1,0-.354l9.263-9.262A1.5,1.5,0,0,0,21.439.44L12.177,9.7a.25.25,0,0,1-.354,0L2.561.44A1.5,1.5,0,0,0,.439,2.561L9.7,11.823a.25.25,0,0,1,0,.354Z"
        />
      </svg>
    </button>
  );
}
