"""Wishland in words, without Textual: the log, the words of a seat's choices, the view in
sentences for the plain-text client, the help, and the marks (letters, symbols, titles) that the
screens show too. The table server and the plain-text client use them."""
