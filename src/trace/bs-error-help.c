/* bs-error-help.c: PyTorch's error messages explained in plain words, with the fix */
#define G_LOG_DOMAIN "bs-trace"

#include <string.h>

#include "bs-error-help.h"

static const struct {
  const char  *needle;      /* a piece of PyTorch's message */
  BsErrorHelp  help;
} known[] = {
  { "Trying to backward through the graph a second time",
    { "Backward through a freed graph",
      "The first backward() call freed the values this graph saved for the backward "
      "pass (the nodes drawn as freed), so a second call through the same nodes has "
      "nothing left to multiply with.",
      "Pass retain_graph=True to the first backward(), or run the forward pass again "
      "to build a new graph." } },
  { "does not require grad and does not have a grad_fn",
    { "No graph to walk",
      "The tensor backward() started from was not computed from any tensor with "
      "requires_grad=True (or it was computed under torch.no_grad()), so autograd "
      "recorded no graph for it.",
      "Create the weights with requires_grad=True and compute the loss outside "
      "torch.no_grad()." } },
  { "grad can be implicitly created only for scalar outputs",
    { "Backward from a tensor that is not a single number",
      "backward() without arguments starts from ∂L/∂L = 1, which only makes sense when "
      "L is one number; this output has several elements, so its Jacobian is a matrix.",
      "Reduce the output to a scalar (out.sum() or out.mean()), or pass gradient= a "
      "tensor of the output's shape to get a vector-Jacobian product." } },
  { "has been modified by an inplace operation",
    { "A saved tensor was changed in place",
      "An operation saved a tensor for its backward, and an in-place operation (a method "
      "ending in _, or +=, -=, …) changed that tensor afterwards. Its version counter "
      "moved on, so the saved value is stale and the gradient would be wrong.",
      "Use the out-of-place form (y = y * 2 instead of y.mul_(2)), or clone() the "
      "tensor before changing it." } },
  { "a leaf Variable that requires grad is being used in an in-place operation",
    { "In-place change of a leaf that requires grad",
      "Changing a leaf that requires grad in place would make the graph built from it "
      "describe a value that no longer exists.",
      "Update weights inside `with torch.no_grad():`, as optimisers do." } },
  { "is not a leaf Tensor is being accessed",
    { ".grad of a tensor that is not a leaf",
      "Only leaves (tensors you created) keep their .grad; the gradients of "
      "intermediate results are used and dropped during the backward pass, so .grad "
      "stays None.",
      "Call x.retain_grad() before backward() to keep this tensor's gradient." } },
  { "returned nan values in its",
    { "A backward function produced NaN",
      "Anomaly detection found a NaN in the gradient this node computed. Typical causes "
      "are log or sqrt of zero or a negative number, division by zero, or exp "
      "overflowing.",
      "Look at the inputs of the marked node; clamp them or add a small epsilon." } },
  { "must match the size of tensor b",
    { "Shapes that do not broadcast",
      "Broadcasting lines shapes up from the right; in every position the two sizes "
      "must be equal or one of them must be 1.",
      "Reshape or unsqueeze one operand so the sizes line up, or check which dimension "
      "you meant." } },
  { "shapes cannot be multiplied",
    { "Matrix product of mismatched shapes",
      "A matrix product needs the inner sizes equal: the number of columns of the first "
      "operand must equal the number of rows of the second.",
      "Transpose one operand (.T), or give nn.Linear(in_features, out_features) inputs "
      "with in_features columns." } },
  { "(cancelled)",
    { "Stopped",
      "You stopped the script (Escape). Everything it did until then can be stepped.",
      "Press Run (F5) to run it again." } },
  { "(the step budget)",
    { "Stopped: the script ran too long",
      "The script used up its step budget (a million steps in the window), which usually "
      "means a loop that never ends. Everything it did until then can still be stepped.",
      "Check the loop's condition, or make the loop shorter." } },
  { "not enough memory",
    { "Out of tensor memory",
      "The script asked for a tensor larger than the memory Backstep lets a script use.",
      "Use smaller tensors. (From the command line, backstep run --max-memory SIZE "
      "raises the cap.)" } },
  { "(the memory budget of ",
    { "Stopped: the script used too much memory",
      "It kept growing after a MemoryError past what Backstep lets a script use: lists, "
      "strings, tensors, the autograd graph and the recording all count.",
      "Look for a loop that keeps what it makes, such as a list that only grows or a "
      "graph that is never freed (use .item() or .detach() for values you keep)." } },
  { "went over Backstep's memory budget",
    { "Out of memory",
      "What the script holds (lists, strings, tensors, the autograd graph and the "
      "recording) went over the memory Backstep lets a script use.",
      "Look for a loop that keeps what it makes, such as a list that only grows or a "
      "graph that is never freed (use .item() or .detach() for values you keep)." } },
};

static const struct {
  const char  *prefix;
  BsErrorHelp  help;
} by_type[] = {
  { "SyntaxError", { "The script does not parse",
                     "Python could not read the marked line.",
                     "Check brackets, colons and indentation near the caret." } },
  { "IndentationError", { "Indentation does not line up",
                          "Python reads blocks by their indentation; the marked line's "
                          "does not match the lines around it.",
                          "Indent each block with the same number of spaces." } },
  { "NameError", { "A name that is not defined",
                   "The script uses a name before giving it a value.",
                   "Check the spelling, or define the name earlier." } },
  { "TypeError", { "A value of the wrong type",
                   "An operation got a value it cannot work with.",
                   "Check the types of the arguments on the marked line." } },
  { "IndexError", { "An index out of range",
                    "The index is past the end of the list or tensor dimension.",
                    "Check the sizes with len() or .shape." } },
};

static const BsErrorHelp generic = {
  "The script raised an error",
  "Execution stopped at the marked line; the graph shows what was built until then.",
  "Read the message and fix the marked line.",
};

const BsErrorHelp *
bs_error_help_lookup (const char *message)
{
  if (message == NULL)
    return &generic;
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (strstr (message, known[i].needle) != NULL)
      return &known[i].help;
  for (guint i = 0; i < G_N_ELEMENTS (by_type); i++)
    if (g_str_has_prefix (message, by_type[i].prefix))
      return &by_type[i].help;
  return &generic;
}
