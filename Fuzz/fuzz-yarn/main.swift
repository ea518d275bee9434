import FuzzSupport

FuzzDriver.main(.yarn)
