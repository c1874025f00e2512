# Lets pytest import touti_example_bot from this folder (pytest puts the folder
# of a conftest.py on sys.path), from the Touti project's test run as from here.
