import FuzzSupport

FuzzDriver.main(.twine)
