import { actionClass } from "@/components/ui/action-icon";

/** An outlined action that removes something (Delete): the action look, in red. */
export const dangerActionClass = actionClass.replace("text-zinc-700", "text-red-700").replace("dark:text-zinc-200", "dark:text-red-400");
